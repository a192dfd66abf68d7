import { DescriptionListDescription, DescriptionListGroup, DescriptionListTerm } from "@patternfly/react-core";

/** One term and its value in a row's description list (device activity's sessions, account activity's events). */
export function Detail({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <DescriptionListGroup data-testid={testId}>
      <DescriptionListTerm>{term}</DescriptionListTerm>
      <DescriptionListDescription>{value}</DescriptionListDescription>
    </DescriptionListGroup>
  );
}
