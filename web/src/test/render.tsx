import type { PublicConfig } from "@app/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { ToasterHost } from "@/app/toaster-host";
import { createQueryClient } from "@/lib/query-client";

export const TEST_CONFIG = {
  anon_key: "test-anon-key",
  site_url: "http://localhost:3000",
  playlist_embed_url: "https://player.example.test/embed/playlist/1",
};

/** What the server does in production: the config arrives in a meta tag, so no config request is made. */
export function installConfigMeta(overrides: Partial<PublicConfig> = {}) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="app-config"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "app-config";
    document.head.append(meta);
  }
  meta.content = JSON.stringify({ ...TEST_CONFIG, ...overrides });
}

export function renderWithProviders(
  ui: ReactElement,
  { route = "/", config }: { route?: string; config?: Partial<PublicConfig> } = {},
) {
  installConfigMeta(config);
  // The app's own client (its toast and invalidation path included), without retries.
  const queryClient = createQueryClient({ retry: false });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        <ToasterHost />
      </QueryClientProvider>,
    ),
  };
}
