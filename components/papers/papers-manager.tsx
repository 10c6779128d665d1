"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { fileSize, type PaperView, type UploadView } from "./paper-view";
import { uploadPaper } from "./upload";
import { AskPapersForm } from "./ask-papers-form";

/**
 * "My papers": a question asked of them (once there are some); choose or drop PDFs and JATS files (several at once),
 * each uploaded in turn with its progress and its outcome (read, or refused with the reason); the papers listed newest
 * first, each deletable.
 */
export function PapersManager({ initial, maxMb }: { initial: PaperView[]; maxMb: number }) {
  const [papers, setPapers] = useState(initial);
  const [uploads, setUploads] = useState<UploadView[]>([]);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const update = (key: string, change: Partial<UploadView>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function upload(files: File[]) {
    const queued = files.map((file, i) => ({
      file,
      view: {
        key: `${Date.now()}-${i}-${file.name}`,
        fileName: file.name,
        progress: 0,
        state: "uploading",
        error: null,
      },
    })) as Array<{ file: File; view: UploadView }>;
    setUploads((all) => [...queued.map((q) => q.view), ...all]);
    for (const { file, view } of queued) {
      const outcome = await uploadPaper(file, (share) =>
        update(view.key, { progress: share, state: share >= 1 ? "reading" : "uploading" }),
      );
      if ("paper" in outcome) {
        update(view.key, { progress: 1, state: "done" });
        setPapers((all) => [outcome.paper, ...all.filter((p) => p.id !== outcome.paper.id)]);
      } else update(view.key, { state: "failed", error: outcome.error });
    }
    if (input.current) input.current.value = "";
  }

  async function remove(paper: PaperView) {
    setDeleting(paper.id);
    const response = await fetch(`/api/papers/${paper.id}`, { method: "DELETE" });
    setDeleting(null);
    if (response.ok) {
      setPapers((all) => all.filter((p) => p.id !== paper.id));
      setMessage(`Deleted “${paper.title}”.`);
    } else
      setMessage(((await response.json().catch(() => null)) as { error?: string } | null)?.error ?? "Not deleted.");
  }

  return (
    <div className="space-y-4">
      {papers.length > 0 && <AskPapersForm />}
      <Card testId="papers-upload" className="space-y-3">
        <label className="block text-sm font-medium" htmlFor="papers-files">
          Add papers (PDF, or JATS XML; up to {maxMb} MB each)
        </label>
        <div
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            void upload([...e.dataTransfer.files]);
          }}
          className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground"
        >
          <input
            ref={input}
            id="papers-files"
            data-testid="papers-input"
            type="file"
            multiple
            accept=".pdf,.nxml,.xml,application/pdf,application/xml,text/xml"
            onChange={(e) => void upload([...(e.target.files ?? [])])}
          />
          <p className="mt-2">or drop files here. Scanned PDFs need OCR, which Critica does not do.</p>
        </div>
        {uploads.length > 0 && (
          <ul data-testid="papers-uploads" className="space-y-1 text-sm">
            {uploads.map((u) => (
              <li key={u.key} data-testid="papers-upload-item" data-state={u.state} className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate">{u.fileName}</span>
                {u.state === "uploading" && (
                  <progress max={1} value={u.progress} aria-label={`Uploading ${u.fileName}`} />
                )}
                <span
                  data-testid="papers-upload-state"
                  className={u.state === "failed" ? "text-danger" : "text-muted-foreground"}
                >
                  {u.state === "uploading"
                    ? `${Math.round(u.progress * 100)}%`
                    : u.state === "reading"
                      ? "reading…"
                      : u.state === "done"
                        ? "added"
                        : `not added: ${u.error}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {message && (
        <p role="status" className="text-sm text-muted-foreground">
          {message}
        </p>
      )}
      <Card testId="papers-list" className="space-y-2">
        <h2 className="text-lg font-semibold">Your papers ({papers.length})</h2>
        {papers.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No papers yet. Only you can see and research the papers you add.
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {papers.map((p) => (
              <li key={p.id} data-testid="paper" className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0 space-y-0.5">
                  <p data-testid="paper-title" className="font-medium">
                    {p.title}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {p.fileName} · {p.format.toUpperCase()} · {fileSize(p.bytes)}
                    {p.pages !== null ? ` · ${p.pages} pages` : ""} · {p.passages} passages
                    {p.licence.name ? ` · ${p.licence.name}` : ""}
                  </p>
                </div>
                <Button
                  variant="danger"
                  data-testid="paper-delete"
                  disabled={deleting === p.id}
                  onClick={() => void remove(p)}
                  aria-label={`Delete ${p.title}`}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
