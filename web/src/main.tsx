import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app/app";
import { AppRouter } from "@/app/router";
import { startEarlyRead } from "@/lib/early-read";
import "@/index.css";

// Before anything renders: the first screen's data downloads beside its code.
startEarlyRead(window.location.pathname);

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">');

const app = (
  <App>
    <AppRouter />
  </App>
);
// The server sends a public page with the build's prerendered markup in the root: adopt it rather than
// draw it again. Every other path arrives with an empty root.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
