import "@patternfly/react-styles/css/components/Label/label.css";
import type { HTMLAttributes, ReactNode } from "react";

type Color = "blue" | "green" | "grey" | "orange" | "red" | "purple" | "teal" | "yellow";

type StaticLabelProps = Omit<HTMLAttributes<HTMLSpanElement>, "color"> & {
  children: ReactNode;
  color?: Color;
  variant?: "filled" | "outline";
  status?: "success" | "warning" | "danger" | "info";
  isCompact?: boolean;
  icon?: ReactNode;
};

/**
 * A label that only shows a word or two: PatternFly's label markup and stylesheet without its component. The
 * component measures its text after every mount (to offer a tooltip when the text is cut), which forces the browser to
 * lay out the whole page in the middle of React's commit; a page of device rows paid that on every switch to it. Our
 * labels are short and never cut, so there is nothing to measure. Labels that close or edit stay PatternFly's.
 */
export function StaticLabel({
  children,
  color,
  variant = "filled",
  status,
  isCompact,
  icon,
  className,
  ...props
}: StaticLabelProps) {
  const classes = [
    "pf-v6-c-label",
    color && color !== "grey" && `pf-m-${color}`,
    `pf-m-${variant}`,
    status && `pf-m-${status}`,
    isCompact && "pf-m-compact",
    className,
  ];
  return (
    <span {...props} className={classes.filter(Boolean).join(" ")}>
      <span className="pf-v6-c-label__content">
        {icon && <span className="pf-v6-c-label__icon">{icon}</span>}
        <span className="pf-v6-c-label__text">{children}</span>
      </span>
    </span>
  );
}
