/**
 * Fetches and unpacks the Debian packages the vocabulary lexicon is built from, without installing them:
 * `apt-get download` into a cache folder, then `dpkg-deb -x` into <cache>/root. Used by
 * scripts/build-vocabularies.ts only. Throws VocabularyBuildError with a readable message when apt-get or
 * dpkg-deb is missing or fails.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The packages: NCBI Gene for human (org.Hs.eg.db), the Gene Ontology (GO.db), an English word list (SCOWL). */
export const DEBIAN_PACKAGES = ["r-bioc-org.hs.eg.db", "r-bioc-go.db", "wamerican"] as const;

/** A build failure with a message meant for the person running the build. */
export class VocabularyBuildError extends Error {}

/** An unpacked package: its version and the absolute paths of the files the build reads. */
export interface UnpackedPackages {
  /** The unpacked tree (about 430 MB); removeUnpacked() deletes it, the .deb files stay for rebuilds. */
  root: string;
  versions: Record<(typeof DEBIAN_PACKAGES)[number], string>;
  orgHsSqlite: string;
  goSqlite: string;
  wordList: string;
  /** Debian copyright files, by package. */
  copyrights: Record<(typeof DEBIAN_PACKAGES)[number], string>;
}

function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const err = error as { code?: string; stderr?: string; message: string };
    if (err.code === "ENOENT") {
      throw new VocabularyBuildError(
        `${command} is not installed: the vocabularies are built from Debian packages (needs apt-get and dpkg-deb)`,
      );
    }
    throw new VocabularyBuildError(`${command} ${args.join(" ")} failed: ${(err.stderr ?? err.message).trim()}`);
  }
}

function debFiles(cacheDir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of fs.readdirSync(cacheDir)) {
    const name = file.split("_")[0];
    if (file.endsWith(".deb") && (DEBIAN_PACKAGES as readonly string[]).includes(name))
      found.set(name, path.join(cacheDir, file));
  }
  return found;
}

function download(cacheDir: string, missing: string[]): void {
  try {
    run("apt-get", ["download", "-qq", ...missing], cacheDir);
  } catch (error) {
    // A fresh machine may have no package lists yet: refresh them once when we may (root), then retry.
    if (!(error instanceof VocabularyBuildError) || /not installed/.test(error.message)) throw error;
    if (process.getuid?.() !== 0)
      throw new VocabularyBuildError(`${error.message} (as root, run apt-get update first)`);
    console.log("vocab: apt-get download failed, running apt-get update once and retrying");
    run("apt-get", ["update", "-qq"], cacheDir);
    run("apt-get", ["download", "-qq", ...missing], cacheDir);
  }
}

function findFile(root: string, suffix: string): string {
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (full.endsWith(suffix)) return full;
    }
  }
  throw new VocabularyBuildError(`no ${suffix} in the unpacked packages under ${root}`);
}

/** Deletes the unpacked tree of fetchDebianPackages (the downloaded .deb files are kept). */
export function removeUnpacked(pkgs: UnpackedPackages): void {
  fs.rmSync(pkgs.root, { recursive: true, force: true });
}

/**
 * Downloads (when not cached) and unpacks the packages of DEBIAN_PACKAGES.
 * @param cacheDir folder for the .deb files and the unpacked tree (created when missing; gitignored .cache/).
 * @throws VocabularyBuildError when a tool is missing, a download or an unpack fails, or a file is absent.
 */
export function fetchDebianPackages(cacheDir: string): UnpackedPackages {
  fs.mkdirSync(cacheDir, { recursive: true });
  run("dpkg-deb", ["--version"], cacheDir);
  const missing = DEBIAN_PACKAGES.filter((name) => !debFiles(cacheDir).has(name));
  if (missing.length > 0) download(cacheDir, missing);
  const debs = debFiles(cacheDir);
  const root = path.join(cacheDir, "root");
  const versions = {} as UnpackedPackages["versions"];
  for (const name of DEBIAN_PACKAGES) {
    const deb = debs.get(name);
    if (!deb) throw new VocabularyBuildError(`apt-get download did not produce ${name}*.deb in ${cacheDir}`);
    versions[name] = run("dpkg-deb", ["-f", deb, "Version"], cacheDir).trim();
    const marker = path.join(root, `.${name}_${versions[name]}.unpacked`);
    if (!fs.existsSync(marker)) {
      run("dpkg-deb", ["-x", deb, root], cacheDir);
      fs.writeFileSync(marker, "");
    }
  }
  const copyright = (name: string) => path.join(root, "usr", "share", "doc", name, "copyright");
  return {
    root,
    versions,
    orgHsSqlite: findFile(path.join(root, "usr", "lib", "R", "site-library", "org.Hs.eg.db"), "org.Hs.eg.sqlite"),
    goSqlite: findFile(path.join(root, "usr", "lib", "R", "site-library", "GO.db"), "GO.sqlite"),
    wordList: path.join(root, "usr", "share", "dict", "american-english"),
    copyrights: {
      "r-bioc-org.hs.eg.db": copyright("r-bioc-org.hs.eg.db"),
      "r-bioc-go.db": copyright("r-bioc-go.db"),
      wamerican: copyright("wamerican"),
    },
  };
}

/**
 * The lower-case words of SCOWL's American English list (Debian's wamerican), downloaded when not cached and unpacked
 * alone into a temporary folder that is deleted afterwards (the concept vocabulary needs only this package).
 * @throws VocabularyBuildError as fetchDebianPackages does.
 */
export function fetchEnglishWords(cacheDir: string): Set<string> {
  fs.mkdirSync(cacheDir, { recursive: true });
  if (!debFiles(cacheDir).has("wamerican")) download(cacheDir, ["wamerican"]);
  const deb = debFiles(cacheDir).get("wamerican");
  if (!deb) throw new VocabularyBuildError(`apt-get download did not produce wamerican*.deb in ${cacheDir}`);
  const root = fs.mkdtempSync(path.join(cacheDir, "words-"));
  try {
    run("dpkg-deb", ["-x", deb, root], cacheDir);
    const words = fs.readFileSync(path.join(root, "usr", "share", "dict", "american-english"), "utf8").split("\n");
    return new Set(words.filter((w) => /^[a-z]+$/.test(w)));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
