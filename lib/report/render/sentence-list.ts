/**
 * Sentences joined into one paragraph: each trimmed, given a full stop when it has no closing punctuation, and
 * separated by a space, so "…needs independent replication." and "Only one record…" never read "replication.;
 * Only". Empty items are dropped.
 */
export function joinSentences(items: string[]): string {
  return items
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (/[.!?…]["”)]?$/.test(s) ? s : `${s}.`))
    .join(" ");
}

/**
 * A source's shortfall as one sentence naming the source once: "PubMed: network error" whether the message already
 * starts with the source's label ("PubMed: network error") or not ("network error").
 */
export function sourceMessage(label: string, message: string): string {
  let text = message.trim();
  const prefix = `${label.toLowerCase()}:`;
  while (text.toLowerCase().startsWith(prefix)) text = text.slice(prefix.length).trim();
  return `${label}: ${text}`;
}
