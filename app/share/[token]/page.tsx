import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Badge } from "@/components/ui/badge";
import { RunView } from "@/components/run/run-view";
import { getSharedSnapshot } from "@/lib/db/share-links";

export const metadata: Metadata = { title: "Shared report", robots: { index: false, follow: false } };

/** A shared report: the frozen snapshot behind the token, read-only; unknown or revoked tokens answer 404. */
export default async function SharedReportPage({ params }: PageProps<"/share/[token]">) {
  await connection();
  const { token } = await params;
  const snapshot = await getSharedSnapshot(token).catch(() => null);
  if (!snapshot) notFound();
  return <RunView snapshot={snapshot} live={false} actions={<Badge>read-only shared copy</Badge>} />;
}
