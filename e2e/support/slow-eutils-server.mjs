// A loopback stand-in for NCBI E-utilities that answers every esearch after a delay with no hits, so an e2e
// research run that includes PubMed lasts long enough to reload the page mid-run. GET /health answers at once.
// Usage: node e2e/support/slow-eutils-server.mjs <port> [delayMs=1500]
import http from "node:http";

const port = Number(process.argv[2] ?? 4011);
const delayMs = Number(process.argv[3] ?? 1500);
const empty = JSON.stringify({ header: { type: "esearch", version: "0.3" }, esearchresult: { count: "0", retmax: "0", retstart: "0", idlist: [], translationset: [], querytranslation: "" } });

http
  .createServer((req, res) => {
    if (req.url === "/health") return res.end("ok");
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(empty);
    }, delayMs);
  })
  .listen(port, "127.0.0.1");
