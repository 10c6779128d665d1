/**
 * The message of a failed action, announced to screen readers (`role="alert"`); nothing when `error` is null or
 * empty. `as` picks the element (`span` inside a line of controls, `p` below a form); `className` its layout, the
 * colour is always the danger text colour.
 */
export function ErrorAlert({
  error,
  as: Element = "span",
  className = "text-sm",
}: {
  error: string | null | undefined;
  as?: "p" | "span";
  className?: string;
}) {
  if (!error) return null;
  return (
    <Element role="alert" className={`${className} text-danger`}>
      {error}
    </Element>
  );
}
