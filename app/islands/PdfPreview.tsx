import type * as PdfJs from "pdfjs-dist";
import { version as PDFJS_VERSION } from "pdfjs-dist/package.json";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DownloadDocumentLink } from "~/ui/documents/DocumentLinks";

/** Spec 02 §2.5 and §9: the preview is at most 595 px wide and at least 845 px tall; `Länk kopierad!` for 1500 ms. */
const MAX_WIDTH = 595;
const COPIED_MS = 1500;

/**
 * pdf.js is not bundled: scripts/copy-pdfjs.js copies its module and worker to public/vendor/pdfjs/<version>/ and
 * the browser imports them by URL, only when a preview opens. The URL is built at run time so that esbuild leaves
 * the import() alone.
 *
 * CSP (platform/security.server.ts): an import() from a module that a nonce'd script loaded inherits that nonce
 * (HTML's module fetch options), so `script-src 'nonce-…' 'strict-dynamic'` admits the module without widening
 * script-src ('self' there is ignored under 'strict-dynamic'; the browser test saw no violation). The worker is a
 * same-origin module worker, which `worker-src 'self'` admits; pdf.js builds a blob: worker only for a worker on
 * another origin. pdf.js is told not to evaluate strings (isEvalSupported: false), which the CSP would refuse.
 */
let pdfjsLoading: Promise<typeof PdfJs> | null = null;
function loadPdfJs(): Promise<typeof PdfJs> {
  const base = new URL(`/vendor/pdfjs/${PDFJS_VERSION}/`, window.location.origin);
  pdfjsLoading ??= (import(new URL("pdf.min.mjs", base).href) as Promise<typeof PdfJs>).then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdf.worker.min.mjs", base).href;
    return pdfjs;
  });
  // A failed load (offline, a deploy in between) may be tried again by the next preview.
  pdfjsLoading.catch(() => (pdfjsLoading = null));
  return pdfjsLoading;
}

type State =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; document: PdfJs.PDFDocumentProxy; pages: number };

/**
 * The JavaScript preview of one document (app/ui/documents/DocumentPreview.tsx renders the links without it):
 * previewUrl answers the signed link as `{ url }`, pdf.js draws the current page on a canvas, and the page
 * buttons, download and copy link work by keyboard; the page line is a polite live region, so a page change is
 * read out. Any failure (no link, pdf.js not loaded, a broken file) is `Förhandsgranskning inte tillgänglig` with
 * download and copy link.
 */
export function PdfPreview({
  fileName,
  previewUrl,
  openUrl,
  downloadUrl,
}: {
  fileName: string;
  previewUrl: string;
  openUrl: string;
  downloadUrl: string;
}) {
  const { t } = useTranslation("review");
  const [state, setState] = useState<State>({ status: "loading" });
  const [page, setPage] = useState(1);
  const sheetRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let task: PdfJs.PDFDocumentLoadingTask | null = null;
    let cancelled = false;
    setState({ status: "loading" });
    setPage(1);
    (async () => {
      const answer = await fetch(previewUrl, { headers: { Accept: "application/json" } });
      if (!answer.ok) throw new Error(`preview link: ${answer.status}`);
      const { url } = (await answer.json()) as { url?: unknown };
      if (typeof url !== "string") throw new Error("preview link: no url");
      const pdfjs = await loadPdfJs();
      if (cancelled) return;
      task = pdfjs.getDocument({ url, isEvalSupported: false, verbosity: pdfjs.VerbosityLevel.ERRORS });
      const loaded = await task.promise;
      if (!cancelled) setState({ status: "ready", document: loaded, pages: loaded.numPages });
    })().catch(() => {
      if (!cancelled) setState({ status: "failed" });
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [previewUrl]);

  const pdf = state.status === "ready" ? state.document : null;
  useEffect(() => {
    const canvas = canvasRef.current;
    const sheet = sheetRef.current;
    if (!pdf || !canvas || !sheet) return;
    let render: PdfJs.RenderTask | null = null;
    let cancelled = false;
    (async () => {
      const pdfPage = await pdf.getPage(page);
      if (cancelled) return;
      const natural = pdfPage.getViewport({ scale: 1 });
      const cssWidth = Math.min(MAX_WIDTH, sheet.clientWidth || MAX_WIDTH);
      const ratio = window.devicePixelRatio || 1;
      const viewport = pdfPage.getViewport({ scale: (cssWidth / natural.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${cssWidth}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      render = pdfPage.render({ canvas, viewport });
      await render.promise;
    })().catch((error: unknown) => {
      if (!cancelled && (error as { name?: string })?.name !== "RenderingCancelledException") {
        setState({ status: "failed" });
      }
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, page]);

  const pages = state.status === "ready" ? state.pages : 0;
  const go = (to: number) => {
    setPage(to);
    // A button that the change disables would drop focus to the page body: hand it to the other one.
    if (to === 1 && document.activeElement === previousRef.current) nextRef.current?.focus();
    if (to === pages && document.activeElement === nextRef.current) previousRef.current?.focus();
  };

  return (
    <section className="document-preview" aria-label={t("document.preview.label", { fileName })}>
      {state.status === "ready" ? (
        <div className="document-preview__toolbar">
          <button
            ref={previousRef}
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => go(page - 1)}
          >
            {t("document.preview.previous")}
          </button>
          <p className="document-preview__page" aria-live="polite">
            {t("document.preview.pageOf", { page, pages })}
          </p>
          <button
            ref={nextRef}
            type="button"
            className="button button--secondary"
            disabled={page >= pages}
            onClick={() => go(page + 1)}
          >
            {t("document.preview.next")}
          </button>
        </div>
      ) : null}
      {state.status === "failed" ? (
        <p className="document-preview__unavailable">{t("document.preview.unavailable")}</p>
      ) : null}
      <div className="button-row document-preview__links">
        <DownloadDocumentLink href={downloadUrl} fileName={fileName} />
        <CopyLinkButton openUrl={openUrl} fileName={fileName} />
      </div>
      {state.status === "failed" ? null : (
        <div className="document-preview__sheet" ref={sheetRef}>
          {state.status === "loading" ? (
            <p className="document-preview__loading">{t("document.preview.loading")}</p>
          ) : (
            <canvas
              ref={canvasRef}
              className="document-preview__canvas"
              role="img"
              aria-label={t("document.preview.page", { fileName, page, pages })}
            />
          )}
        </div>
      )}
    </section>
  );
}

/** Copies the document's address (the scope-checked route, not the short-lived signed link) and says so. */
function CopyLinkButton({ openUrl, fileName }: { openUrl: string; fileName: string }) {
  const { t } = useTranslation("review");
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(new URL(openUrl, window.location.origin).href);
    } catch {
      // Clipboard refused (permissions on locked-down machines): nothing was copied, so nothing is said.
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  }, [openUrl]);

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => void copy()}>
        {t("document.preview.copyLink")}
        <span className="visually-hidden"> {fileName}</span>
      </button>
      <span role="status" className="document-preview__copied">
        {copied ? t("document.preview.linkCopied") : ""}
      </span>
    </>
  );
}
