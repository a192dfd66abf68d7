import { TextArea } from "@patternfly/react-core";
import { annotation } from "../inputTypes";
import { textControlProps, type FieldProps } from "./FieldProps";

export function TextAreaField(props: FieldProps) {
  const cols = Number(annotation(props.attribute, "inputTypeCols")) || undefined;
  const rows = Number(annotation(props.attribute, "inputTypeRows")) || undefined;
  return <TextArea {...textControlProps(props)} cols={cols} rows={rows} resizeOrientation="vertical" />;
}
