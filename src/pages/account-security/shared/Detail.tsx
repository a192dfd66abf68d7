import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from "@patternfly/react-core";
import type { ReactNode } from "react";

/** One term and its value in a row's description list (device activity's sessions, account activity's events). */
export function Detail({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <DescriptionListGroup data-testid={testId}>
      <DescriptionListTerm>{term}</DescriptionListTerm>
      <DescriptionListDescription>{value}</DescriptionListDescription>
    </DescriptionListGroup>
  );
}

/** A session's details: terms beside their values, in one column on narrow screens and `columns` on large ones. */
export function SessionDetails({
  columns,
  className,
  children,
}: {
  columns: 2 | 3;
  className: string;
  children: ReactNode;
}) {
  return (
    <DescriptionList
      isHorizontal
      isCompact
      columnModifier={{ default: "1Col", lg: `${columns}Col` }}
      className={className}
    >
      {children}
    </DescriptionList>
  );
}
