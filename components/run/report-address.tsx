"use client";

import { createContext, useContext, type ReactNode } from "react";

const ReportAddressContext = createContext<string | null>(null);

/**
 * Tells the report drawn inside it where its own routes are ("/reports/<id>" or "/share/<token>"), for the parts that
 * ask the server for more (a reference's citation in a style). Without it (a chat answer) those parts are not shown.
 */
export function ReportAddress({ href, children }: { href: string; children: ReactNode }) {
  return <ReportAddressContext value={href}>{children}</ReportAddressContext>;
}

/** The address given by the enclosing {@link ReportAddress}, or null. */
export function useReportAddress(): string | null {
  return useContext(ReportAddressContext);
}
