import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { europePmcSearchOf, FULL_TEXT_PMCIDS, FULL_TEXT_TOPICS } from "./europepmc-results";
import { fixturePath, readFixture } from "./fixtures";
import { existsSync } from "node:fs";

/**
 * A loopback HTTP server (127.0.0.1, random port) that replays the recorded fixtures as the three live APIs:
 * - `/eutils/esearch.fcgi`, `/eutils/efetch.fcgi`   (PubMed E-utilities)
 * - `/europepmc/search`                            (Europe PMC REST)
 * - `/ctgov/studies`                               (ClinicalTrials.gov API v2)
 * - `/europepmc/<PMCID>/fullTextXML`               (Europe PMC full text: the five recorded fullTextXML responses of
 *                                                   fulltext/europepmc; any other PMCID is 404, as Europe PMC answers
 *                                                   for an article outside its open-access subset)
 * Faults can be injected per route, and every request is recorded with its arrival time and query params.
 *
 * Where the recordings do not fit together, the server builds the reply from real recorded parts (each noted below):
 * - esearch: the recorded esearch JSON replies list PMIDs that no recorded efetch file contains, so esearch is
 *   synthesised (same JSON shape as pubmed/esearch_json_*.json) from the 25 PMIDs of
 *   pubmed/efetch_pharmacology_25records_ASSEMBLED.xml, ranked in descending PMID order (which differs from the
 *   file order, so clients must re-rank efetch results by esearch rank). esearch is only an id list.
 * - efetch: the requested <PubmedArticle> elements, cut byte-for-byte from that file, in file order.
 * - Europe PMC: cursorMark "*" → europepmc/search_cancer_core_25.json; its nextCursorMark → the recorded
 *   europepmc/search_immunotherapy_cancer_2020_2025_lite_5.json (another query, standing in for page 2);
 *   any other cursor → europepmc/search_no_results.json. A query naming a drug or condition of one of the five
 *   articles recorded with their full text (FULL_TEXT_TOPICS) gets, instead, their recorded search results
 *   (fulltext/europepmc/<PMCID>.eupmc_result.json, put back in the REST JSON shape by europePmcSearchOf).
 * - ClinicalTrials.gov: a `query.term` containing "phelan" → the recorded Phelan-McDermid page 1, and its
 *   nextPageToken → the recorded page 2 (a real two-page recording); otherwise
 *   ctgov/studies_v2_full_drug_trials_4_ASSEMBLED.json. The "empty" fault gives `{"studies":[]}`.
 *
 * What the sources hold can change between requests, as the real ones do between a watch's checks (`changes`, or
 * POST /_control with the same operations as JSON for a server in another process): a PubMed article added, replaced
 * or retracted (the recorded article with "Retracted Publication" and a RetractionIn link), a ClinicalTrials.gov study
 * updated (status, results). Every record carries a
 * modification day: the recordings' records count as last modified on {@link RECORDED_MODIFIED}, a change on the day
 * it is given. Date-restricted requests get only the records modified on or after their day: esearch with
 * `datetype=mdat&mindate=YYYY/MM/DD`, ClinicalTrials.gov with `AREA[LastUpdatePostDate]RANGE[YYYY-MM-DD,MAX]` in
 * `filter.advanced`; Europe PMC with `UPDATE_DATE:[… TO *]` gets no records (no Europe PMC record changes here).
 */

/** Route names faults can be injected on. */
export type RouteName = "esearch" | "efetch" | "europepmc" | "ctgov" | "fulltext";

/**
 * A fault served instead of the normal reply:
 * - status: that HTTP status (e.g. 500; 429 with `headers: {"Retry-After": "1"}`), optional body;
 * - timeout: never answers (the connection stays open until the client aborts or the server closes);
 * - truncate: a 200 whose body is the first half of the normal reply;
 * - empty: a well-formed reply with no records.
 * `times` is how many requests get the fault before normal replies resume (default: all).
 */
export type Fault =
  | { kind: "status"; status: number; headers?: Record<string, string>; body?: string; times?: number }
  | { kind: "timeout"; times?: number }
  | { kind: "truncate"; times?: number }
  | { kind: "empty"; times?: number };

/** One request as the server saw it. `at` is the arrival time in ms (performance clock, sub-ms resolution). */
export interface RecordedRequest {
  route: RouteName | "unknown";
  path: string;
  params: Record<string, string>;
  at: number;
  /** When the client closed the connection before the reply was sent (an aborted request), else undefined. */
  abortedAt?: number;
}

/** The modification day every recorded record counts as having (before any watch in a test). */
export const RECORDED_MODIFIED = "2000-01-01";

/** One change to what the sources return (see the file comment); `modified` is its day ("YYYY-MM-DD"). */
export type SourceChange =
  | { op: "add-pubmed"; xml: string; modified: string }
  | { op: "replace-pubmed"; pmid: string; xml: string; modified: string }
  | { op: "retract-pubmed"; pmid: string; noticePmid: string; modified: string }
  | {
      op: "ctgov-study";
      nctId: string;
      overallStatus?: string;
      whyStopped?: string;
      hasResults?: boolean;
      modified: string;
    }
  /** Undoes every change: the sources answer as recorded again (a spec that changed them leaves none behind). */
  | { op: "restore" };

/** A running fixture server; `close` must be awaited in afterAll. */
export interface FixtureServer {
  origin: string;
  /** Base URLs to give the sources (or to put in PUBMED_BASE_URL, EUROPEPMC_BASE_URL, CTGOV_BASE_URL). */
  urls: { pubmed: string; europepmc: string; ctgov: string };
  /** Requests in arrival order. */
  requests: RecordedRequest[];
  /** PMIDs the synthesised esearch returns, best first. */
  rankedPmids: string[];
  inject(route: RouteName, fault: Fault): void;
  /** Applies a change to what the sources return (a `<PubmedArticle>` element as `xml`). */
  change(change: SourceChange): void;
  /** Forgets faults and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const EFETCH_FILE = "pubmed/efetch_pharmacology_25records_ASSEMBLED.xml";
const EUROPEPMC_PAGE1 = "europepmc/search_cancer_core_25.json";
const EUROPEPMC_PAGE2 = "europepmc/search_immunotherapy_cancer_2020_2025_lite_5.json";
const EUROPEPMC_EMPTY = "europepmc/search_no_results.json";
const CTGOV_DEFAULT = "ctgov/studies_v2_full_drug_trials_4_ASSEMBLED.json";
const CTGOV_PAGE1 = "ctgov/studies_v2_cond_phelan_mcdermid_page1.json";
const CTGOV_PAGE2 = "ctgov/studies_v2_cond_phelan_mcdermid_page2.json";

interface Reply {
  status: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

/**
 * Starts the server on 127.0.0.1, on `port` (default: OS-assigned). `delayMs` delays every reply (default 0), so a
 * browser test can watch a run in progress; given per route, it delays each route by its own amount (a slow and a
 * fast source). GET /health answers "ok" at once.
 */
export async function startFixtureServer(
  options: { port?: number; delayMs?: number | Partial<Record<RouteName, number>> } = {},
): Promise<FixtureServer> {
  const delays = options.delayMs ?? 0;
  const efetchXml = readFixture(EFETCH_FILE);
  const head = efetchXml.slice(0, efetchXml.indexOf("<PubmedArticleSet>"));
  const articles = new Map<string, string>(
    [...efetchXml.matchAll(/<PubmedArticle>[\s\S]*?<\/PubmedArticle>/g)].map((m) => [
      /<PMID[^>]*>(\d+)<\/PMID>/.exec(m[0])![1],
      m[0],
    ]),
  );
  const rankedPmids = [...articles.keys()].sort((a, b) => Number(b) - Number(a));
  const europePmcPage1 = readFixture(EUROPEPMC_PAGE1);
  const page2Cursor = (JSON.parse(europePmcPage1) as { nextCursorMark: string }).nextCursorMark;
  const ctgovPage1 = readFixture(CTGOV_PAGE1);
  const ctgovPage2Token = (JSON.parse(ctgovPage1) as { nextPageToken: string }).nextPageToken;

  const faults = new Map<RouteName, Fault & { remaining: number }>();
  const requests: RecordedRequest[] = [];
  // Modification days of PubMed articles (by PMID) and ClinicalTrials.gov studies (by NCT ID) that changed.
  const pubmedModified = new Map<string, string>();
  const ctgovModified = new Map<string, string>();
  type CtgovStudies = {
    studies: Array<{
      protocolSection: { identificationModule: { nctId: string }; statusModule: Record<string, unknown> };
      hasResults?: boolean;
    }>;
  };
  let ctgovDefault = JSON.parse(readFixture(CTGOV_DEFAULT)) as CtgovStudies;
  const recordedArticles = new Map(articles);
  const recordedRanking = [...rankedPmids];
  const modifiedSince = (day: string | undefined, modified: string | undefined) =>
    !day || (modified ?? RECORDED_MODIFIED) >= day;
  const change = (c: SourceChange) => {
    if (c.op === "restore") {
      articles.clear();
      for (const [pmid, xml] of recordedArticles) articles.set(pmid, xml);
      rankedPmids.splice(0, rankedPmids.length, ...recordedRanking);
      pubmedModified.clear();
      ctgovModified.clear();
      ctgovDefault = JSON.parse(readFixture(CTGOV_DEFAULT)) as CtgovStudies;
      return;
    }
    if (c.op === "add-pubmed" || c.op === "replace-pubmed") {
      const pmid = /<PMID[^>]*>(\d+)<\/PMID>/.exec(c.xml)?.[1];
      if (!pmid || (c.op === "replace-pubmed" && pmid !== c.pmid))
        throw new Error(`fixture change: the article's PMID is ${pmid ?? "missing"}`);
      if (!articles.has(pmid)) rankedPmids.unshift(pmid);
      articles.set(pmid, c.xml);
      pubmedModified.set(pmid, c.modified);
      return;
    }
    if (c.op === "retract-pubmed") {
      // As PubMed marks a retracted article: the publication type and a RetractionIn link to the notice.
      const xml = articles.get(c.pmid);
      if (!xml) throw new Error(`fixture change: no PubMed article ${c.pmid}`);
      const link =
        `<CommentsCorrections RefType="RetractionIn"><RefSource>Retraction notice</RefSource><PMID ` +
        `Version="1">${c.noticePmid}</PMID></CommentsCorrections>`;
      articles.set(
        c.pmid,
        xml
          .replace(
            "</PublicationTypeList>",
            `<PublicationType UI="D016441">Retracted Publication</PublicationType></PublicationTypeList>`,
          )
          .replace(/<\/CommentsCorrectionsList>|<\/MedlineCitation>/, (end) =>
            end === "</CommentsCorrectionsList>"
              ? `${link}${end}`
              : `<CommentsCorrectionsList>${link}</CommentsCorrectionsList>${end}`,
          ),
      );
      pubmedModified.set(c.pmid, c.modified);
      return;
    }
    const study = ctgovDefault.studies.find((s) => s.protocolSection.identificationModule.nctId === c.nctId);
    if (!study) throw new Error(`fixture change: no recorded study ${c.nctId}`);
    const status = study.protocolSection.statusModule;
    if (c.overallStatus) status.overallStatus = c.overallStatus;
    if (c.whyStopped) status.whyStopped = c.whyStopped;
    if (c.hasResults !== undefined) study.hasResults = c.hasResults;
    status.lastUpdatePostDateStruct = { date: c.modified, type: "ACTUAL" };
    ctgovModified.set(c.nctId, c.modified);
  };

  const normalReply = (route: RouteName, params: Record<string, string>, empty: boolean, path = ""): Reply => {
    switch (route) {
      case "esearch": {
        const retmax = Number(params.retmax ?? 20);
        const minDay = params.datetype === "mdat" && params.mindate ? params.mindate.replaceAll("/", "-") : undefined;
        const idlist = empty
          ? []
          : rankedPmids.filter((pmid) => modifiedSince(minDay, pubmedModified.get(pmid))).slice(0, retmax);
        const result = {
          header: { type: "esearch", version: "0.3" },
          esearchresult: {
            count: String(empty ? 0 : rankedPmids.length),
            retmax: String(idlist.length),
            retstart: "0",
            idlist,
            translationset: [],
            querytranslation: params.term ?? "",
          },
        };
        return { status: 200, type: "application/json", body: JSON.stringify(result) };
      }
      case "efetch": {
        const ids = empty ? [] : (params.id ?? "").split(",");
        const chosen = [...articles.entries()].filter(([pmid]) => ids.includes(pmid)).map(([, xml]) => xml);
        return {
          status: 200,
          type: "text/xml",
          body: `${head}<PubmedArticleSet>\n${chosen.join("\n")}\n</PubmedArticleSet>\n`,
        };
      }
      case "fulltext": {
        const pmcid = /^\/europepmc\/(PMC\d+)\/fullTextXML$/.exec(path)?.[1] ?? "";
        const file = `fulltext/europepmc/${pmcid}.fullTextXML.xml`;
        if (empty || !pmcid || !existsSync(fixturePath(file)))
          return { status: 404, type: "text/plain", body: `no open full text for ${pmcid}` };
        return { status: 200, type: "application/xml", body: readFixture(file) };
      }
      case "europepmc": {
        const cursor = params.cursorMark ?? "*";
        const query = (params.query ?? "").toLowerCase();
        const topical = FULL_TEXT_PMCIDS.filter((id) => FULL_TEXT_TOPICS[id].some((t) => query.includes(t)));
        if (cursor === "*" && topical.length > 0 && !empty && !/UPDATE_DATE:\[/.test(params.query ?? ""))
          return { status: 200, type: "application/json", body: JSON.stringify(europePmcSearchOf(topical)) };
        const file =
          empty || /UPDATE_DATE:\[/.test(params.query ?? "")
            ? EUROPEPMC_EMPTY
            : cursor === "*"
              ? EUROPEPMC_PAGE1
              : cursor === page2Cursor
                ? EUROPEPMC_PAGE2
                : EUROPEPMC_EMPTY;
        return {
          status: 200,
          type: "application/json",
          body: file === EUROPEPMC_PAGE1 ? europePmcPage1 : readFixture(file),
        };
      }
      case "ctgov": {
        if (empty) return { status: 200, type: "application/json", body: JSON.stringify({ studies: [] }) };
        const minDay = /AREA\[LastUpdatePostDate\]RANGE\[(\d{4}-\d{2}-\d{2}),MAX\]/.exec(
          params["filter.advanced"] ?? "",
        )?.[1];
        const studies = {
          studies: ctgovDefault.studies.filter((s) =>
            modifiedSince(minDay, ctgovModified.get(s.protocolSection.identificationModule.nctId)),
          ),
        };
        const body =
          params.pageToken === ctgovPage2Token
            ? readFixture(CTGOV_PAGE2)
            : /phelan/i.test(params["query.term"] ?? "")
              ? ctgovPage1
              : JSON.stringify(studies);
        return { status: 200, type: "application/json", body };
      }
    }
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const at = performance.now();
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const params = Object.fromEntries(url.searchParams.entries());
    if (url.pathname === "/health") return send(res, { status: 200, type: "text/plain", body: "ok" });
    if (url.pathname === "/_control" && req.method === "POST") {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        try {
          change(JSON.parse(body) as SourceChange);
          send(res, { status: 200, type: "text/plain", body: "ok" });
        } catch (error) {
          send(res, { status: 400, type: "text/plain", body: (error as Error).message });
        }
      });
      return;
    }
    const route = routeOf(url.pathname);
    const recorded: RecordedRequest = { route, path: url.pathname, params, at };
    requests.push(recorded);
    res.on("close", () => {
      if (!res.writableFinished) recorded.abortedAt = performance.now();
    });
    const delayMs = typeof delays === "number" ? delays : route === "unknown" ? 0 : (delays[route] ?? 0);
    if (delayMs > 0) {
      setTimeout(() => reply(route, params, res, url.pathname), delayMs);
      return;
    }
    reply(route, params, res, url.pathname);
  };

  const reply = (route: RouteName | "unknown", params: Record<string, string>, res: ServerResponse, path: string) => {
    if (route === "unknown") return send(res, { status: 404, type: "text/plain", body: "no fixture route" });

    const fault = faults.get(route);
    if (fault && fault.remaining > 0) {
      fault.remaining -= 1;
      switch (fault.kind) {
        case "timeout":
          return; // never answer; the socket is destroyed by the client's abort or by close()
        case "status":
          return send(res, {
            status: fault.status,
            type: "text/plain",
            body: fault.body ?? `fault ${fault.status}`,
            headers: fault.headers,
          });
        case "truncate": {
          const full = normalReply(route, params, false, path);
          return send(res, { ...full, body: full.body.slice(0, Math.floor(full.body.length / 2)) });
        }
        case "empty":
          return send(res, normalReply(route, params, true, path));
      }
    }
    send(res, normalReply(route, params, false, path));
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    urls: { pubmed: `${origin}/eutils`, europepmc: `${origin}/europepmc`, ctgov: `${origin}/ctgov` },
    requests,
    rankedPmids,
    inject(route, fault) {
      faults.set(route, { ...fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
    },
    change,
    reset() {
      faults.clear();
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function routeOf(pathname: string): RouteName | "unknown" {
  if (pathname === "/eutils/esearch.fcgi") return "esearch";
  if (pathname === "/eutils/efetch.fcgi") return "efetch";
  if (pathname === "/europepmc/search") return "europepmc";
  if (pathname === "/ctgov/studies") return "ctgov";
  if (/^\/europepmc\/PMC\d+\/fullTextXML$/.test(pathname)) return "fulltext";
  return "unknown";
}

function send(res: ServerResponse, reply: Reply): void {
  const body = Buffer.from(reply.body, "utf8");
  res.writeHead(reply.status, {
    "Content-Type": `${reply.type}; charset=utf-8`,
    "Content-Length": body.length,
    ...reply.headers,
  });
  res.end(body);
}
