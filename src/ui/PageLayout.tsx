import { Content, PageSection, Title } from "@patternfly/react-core";
import type { ReactNode } from "react";

/** Every screen: the h1 (`page-heading`), a description, then the content. */
export function PageLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <PageSection>
        <Content>
          <Title headingLevel="h1" data-testid="page-heading">
            {title}
          </Title>
          {description && <Content component="p">{description}</Content>}
        </Content>
      </PageSection>
      {children && <PageSection>{children}</PageSection>}
    </>
  );
}
