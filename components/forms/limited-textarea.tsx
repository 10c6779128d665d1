"use client";

import { useId, useState, type ComponentProps } from "react";

/** "2,345 characters: the limit is 2,000. Shorten it by 345." — the message of text over its limit. */
export function overLimitMessage(length: number, limit: number, what: string): string {
  return (
    `The ${what} is ${length.toLocaleString("en")} characters; the limit is ${limit.toLocaleString("en")}. ` +
    `Shorten it by ${(length - limit).toLocaleString("en")}.`
  );
}

/**
 * A textarea with a live character counter ("123 / 2,000 characters"). Text over `limit` is kept as typed or pasted
 * (never cut silently): the counter turns red, the field is marked invalid, an alert says by how much it is over, and
 * `onOverLimit(true)` lets the form disable its submit button. The server refuses such text with the same limit.
 */
export function LimitedTextarea({
  limit,
  what,
  onOverLimit,
  onText,
  ...props
}: Omit<ComponentProps<"textarea">, "maxLength" | "onChange"> & {
  limit: number;
  what: string;
  onOverLimit?: (over: boolean) => void;
  /** Called with the text as it is typed (the research form offers a claim check for a claim). */
  onText?: (text: string) => void;
}) {
  const id = useId();
  const [length, setLength] = useState(String(props.defaultValue ?? "").length);
  const over = length > limit;
  const describedBy = [props["aria-describedby"], `${id}-count`, over ? `${id}-over` : ""].filter(Boolean).join(" ");
  return (
    <>
      <textarea
        {...props}
        aria-invalid={over || undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          const next = e.currentTarget.value.length;
          setLength(next);
          onText?.(e.currentTarget.value);
          if (next > limit !== over) onOverLimit?.(next > limit);
        }}
      />
      <p
        id={`${id}-count`}
        data-testid="char-count"
        className={`mt-1 text-right text-xs tabular-nums ${over ? "font-medium text-danger" : "text-muted-foreground"}`}
      >
        {`${length.toLocaleString("en")} / ${limit.toLocaleString("en")} characters`}
      </p>
      {over && (
        <p id={`${id}-over`} role="alert" data-testid="over-limit" className="text-sm text-danger">
          {overLimitMessage(length, limit, what)}
        </p>
      )}
    </>
  );
}
