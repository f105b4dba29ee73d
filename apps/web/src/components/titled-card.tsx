import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** A card with a title and nothing else in its header. */
export function TitledCard({
  title,
  testId,
  contentClassName,
  children,
}: {
  title: ReactNode;
  testId?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
