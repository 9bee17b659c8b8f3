import { SITE } from "@/config/site";
import { useHydrated } from "@/lib/use-hydrated";
import { usePublicConfig } from "@/lib/use-public-config";

export function PlaylistPlayer() {
  const config = usePublicConfig();
  // The playlist is runtime config the build's prerender does not know: the placeholder until hydrated.
  const isHydrated = useHydrated();
  const src = isHydrated ? config.data?.playlist_embed_url : undefined;

  return (
    <section
      aria-labelledby="playlist-heading"
      className="mx-auto grid max-w-6xl justify-items-center gap-4 px-4 pb-16"
    >
      <h2 id="playlist-heading" className="text-2xl font-semibold">
        On repeat in the studio
      </h2>
      <p className="max-w-xl text-center text-muted-foreground">
        Releases, co-writes and productions from our roster, updated every Friday.
      </p>
      {src ? (
        <iframe
          title={`${SITE.name} studio playlist`}
          src={src}
          height={152}
          loading="lazy"
          allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
          className="h-[152px] w-full max-w-[640px] min-w-[240px] rounded-xl border-0"
        />
      ) : (
        <div className="grid h-[152px] w-full max-w-[640px] min-w-[240px] place-items-center rounded-xl border text-sm text-muted-foreground">
          {config.isError ? "The playlist is unavailable right now." : "Loading playlist..."}
        </div>
      )}
    </section>
  );
}
