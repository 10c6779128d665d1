import type { ComponentProps } from "react";

const VARIANTS = {
  primary: "bg-accent text-accent-foreground hover:opacity-90",
  secondary: "border border-border bg-card text-foreground hover:bg-muted",
  danger: "border border-border bg-card text-danger hover:bg-danger-soft",
} as const;

/** A button with the app's focus ring; `variant` picks the colours. Accepts every <button> prop, `ref` included. */
export function Button({
  variant = "primary",
  className = "",
  ...props
}: ComponentProps<"button"> & { variant?: keyof typeof VARIANTS }) {
  return (
    <button
      {...props}
      className={
        `inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium transition ` +
        `focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ` +
        `disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`
      }
    />
  );
}

/**
 * A {@link Button} for an action that takes a while: disabled while `pending`, its label then `busyLabel` ("Saving…")
 * when one is given. Every other prop is the Button's.
 */
export function BusyButton({
  pending,
  busyLabel,
  children,
  ...props
}: ComponentProps<typeof Button> & { pending: boolean; busyLabel?: string }) {
  return (
    <Button {...props} disabled={pending}>
      {pending && busyLabel !== undefined ? busyLabel : children}
    </Button>
  );
}
