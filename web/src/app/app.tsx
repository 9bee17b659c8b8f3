import { type ReactNode, StrictMode } from "react";
import { AppProvider } from "@/app/provider";

/**
 * What wraps the router on both sides: the browser (main.tsx) and the build's prerender
 * (entry-prerender.tsx). One component, so the tree the browser hydrates is the tree the build rendered.
 */
export function App({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AppProvider>{children}</AppProvider>
    </StrictMode>
  );
}
