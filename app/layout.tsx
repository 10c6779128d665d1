import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { GeistSans } from "geist/font/sans";
import { GeistMono } from "geist/font/mono";
import { UserMenu } from "@/components/auth/user-menu";
import { NotificationBell } from "@/components/watch/notification-bell";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Critica", template: "%s · Critica" },
  description:
    "Evidence-grounded biomedical research: literature search, mechanistic hypotheses, judged evidence and " +
    "cited reports.",
};

export default function RootLayout({ children }: LayoutProps<"/">) {
  return (
    <html lang="en" className={`${GeistSans.variable} ${GeistMono.variable} h-full antialiased`}>
      <body className="flex min-h-full flex-col font-sans">
        <a
          href="#main"
          className={
            "sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-card " +
            "focus:px-3 focus:py-2"
          }
        >
          Skip to content
        </a>
        <header className="border-b border-border bg-card">
          <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
            <Link href="/" className="shrink-0 text-lg font-semibold tracking-tight">
              Critica
            </Link>
            {/* On a 360–390 px phone the links and the account corner share one line: nothing wraps or widens the
                page. */}
            <nav aria-label="Main" className="flex min-w-0 items-center gap-3 whitespace-nowrap text-sm sm:gap-4">
              <Link href="/" className="hover:underline">
                New research
              </Link>
              <Link href="/reports" className="hover:underline">
                History
              </Link>
              <Link href="/papers" className="hover:underline">
                Papers
              </Link>
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
              <UserMenu />
            </nav>
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
          {children}
        </main>
      </body>
    </html>
  );
}
