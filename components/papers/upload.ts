import type { PaperView } from "./paper-view";

/** What the server said about one uploaded file. */
export type UploadOutcome = { paper: PaperView } | { error: string };

/**
 * Uploads one file to POST /api/papers with XMLHttpRequest (fetch reports no upload progress), calling `onProgress`
 * with the share sent (0–1). @returns the paper, or the reason the file was refused (the server's, or a network one).
 */
export function uploadPaper(file: File, onProgress: (share: number) => void): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    body.append("file", file);
    xhr.open("POST", "/api/papers");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => resolve({ error: "the upload failed: the server could not be reached" });
    xhr.onload = () => {
      const json = xhr.response as { results?: UploadOutcome[]; error?: string } | null;
      const result = json?.results?.[0];
      resolve(result ?? { error: json?.error ?? `the server answered ${xhr.status}` });
    };
    xhr.send(body);
  });
}
