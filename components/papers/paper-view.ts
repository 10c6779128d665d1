/** A paper as the page shows it (the JSON of GET /api/papers). */
export interface PaperView {
  id: string;
  fileName: string;
  format: string;
  bytes: number;
  title: string;
  evidenceId: string;
  passages: number;
  pages: number | null;
  licence: { text: string | null; url: string | null; name: string | null };
  createdAt: string;
}

/** One file being uploaded: its name, progress 0–1, and its outcome (the paper, or the reason it was refused). */
export interface UploadView {
  key: string;
  fileName: string;
  progress: number;
  state: "uploading" | "reading" | "done" | "failed";
  error: string | null;
}

/** "1.3 MB", "220 kB". */
export function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}
