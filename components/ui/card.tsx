import type { ReactNode } from "react";

/** A bordered panel. */
export function Card({
  children,
  className = "",
  testId,
  as: Tag = "section",
  label,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
  as?: "section" | "div" | "article";
  label?: string;
}) {
  return (
    <Tag data-testid={testId} aria-label={label} className={`rounded-lg border border-border bg-card p-4 ${className}`}>
      {children}
    </Tag>
  );
}
