import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "@/lib/utils";

export const badgeVariants = cva(
  "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold capitalize",
  {
    variants: {
      variant: {
        neutral: "border-zinc-600 bg-zinc-800 text-zinc-200",
        yellow: "border-yellow-300 bg-yellow-400 text-yellow-950",
        red: "border-red-500/60 bg-red-950 text-red-200",
        green: "border-green-500/60 bg-green-950 text-green-200",
        blue: "border-blue-500/60 bg-blue-950 text-blue-200",
        purple: "border-purple-500/60 bg-purple-950 text-purple-200",
      },
    },
    defaultVariants: { variant: "neutral" },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>["variant"]>;

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
