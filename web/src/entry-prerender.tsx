import { Writable } from "node:stream";
import { NOT_FOUND_SAMPLE_PATH, PRERENDERED_PATHS, PRERENDERED_ROUTES } from "@app/contracts";
import { renderToPipeableStream } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "@/app/app";
import { AppRoutes } from "@/app/router";

/**
 * The build's server-side entry (see build/prerender.ts): each public page's markup, which the server puts
 * inside `<div id="root">` so the page paints before any script runs, and main.tsx then hydrates.
 * Waits for every lazy route and section to load (onAllReady), so the markup is the whole page.
 */
function renderPage(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on("finish", () => resolve(html));
    const stream = renderToPipeableStream(
      <App>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </App>,
      {
        onAllReady: () => stream.pipe(sink),
        // A page that throws while rendering would ship a client-rendered fallback: fail the build instead.
        onShellError: reject,
        onError: (error) => {
          reject(new Error(`prerendering ${path} failed`, { cause: error }));
          stream.abort();
        },
      },
    );
  });
}

/**
 * Path → the root's inner HTML, for every prerendered path; per route pattern (`/events/:id`) the markup
 * all its pages share (see PRERENDERED_ROUTES); and the not-found page once (at a path no route draws),
 * which the server sends with every unknown path's 404.
 */
export async function prerenderPublicPages(): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const path of [...PRERENDERED_PATHS, NOT_FOUND_SAMPLE_PATH]) pages[path] = await renderPage(path);
  for (const [route, path] of Object.entries(PRERENDERED_ROUTES)) pages[route] = await renderPage(path);
  return pages;
}
