"use client";

import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

/**
 * A line shown only on paper (`.print-only`): "<label>: <this site's origin><path>", so a printed or saved PDF report
 * says where its shared copy (or the report itself) can be read. The origin is the browser's (the server cannot know
 * the address a proxy serves it under); before hydration the line holds the path alone.
 */
export function PrintedAddress({ label, path }: { label: string; path: string }) {
  const origin = useSyncExternalStore(
    noSubscribe,
    () => window.location.origin,
    () => "",
  );
  return (
    <p className="print-only text-sm" data-testid="printed-address">
      {label}: {origin}
      {path}
    </p>
  );
}
