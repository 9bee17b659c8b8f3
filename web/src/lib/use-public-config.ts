import { useQuery } from "@tanstack/react-query";
import { loadPublicConfig, readPublicConfigFromMeta } from "@/lib/public-config";

const publicConfigQueryKey = ["public-config"] as const;

export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: loadPublicConfig,
    initialData: () => readPublicConfigFromMeta() ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
