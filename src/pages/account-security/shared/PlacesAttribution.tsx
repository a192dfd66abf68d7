import { Content } from "@patternfly/react-core";

/** The line a places database's licence asks for beside its data, under a list that shows places. */
export function PlacesAttribution({ attribution, shown }: { attribution: string | null; shown: boolean }) {
  if (!attribution || !shown) return null;
  return (
    <Content component="small" className="places-attribution" data-testid="places-attribution">
      {attribution}
    </Content>
  );
}
