import type { ReactNode } from "react";

const TONES = {
  neutral: "bg-muted text-muted-foreground",
  accent: "bg-accent-soft text-accent",
  warning: "bg-warning-soft text-warning",
  danger: "bg-danger-soft text-danger",
  success: "bg-success-soft text-success",
} as const;

/** A small label, e.g. a status or a source name. */
export function Badge({
  tone = "neutral",
  children,
  testId,
  title,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  testId?: string;
  title?: string;
}) {
  return (
    <span
      data-testid={testId}
      title={title}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
