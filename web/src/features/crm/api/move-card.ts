import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { CRM_WRITE_INVALIDATES } from "@/features/crm/api/crm-keys";
import type { Brief, Deal } from "@/features/crm/api/crm-types";
import type { RowsAnswer } from "@/lib/postgrest";
import { updateRow } from "@/lib/table-writes";

type Board =
  | { table: "crm_deals"; field: "stage"; card: Deal }
  | { table: "crm_briefs"; field: "status"; card: Brief };

export type CardMove<B extends Board> = {
  card: B["card"];
  /** The target column: a deal's stage or a brief's status. */
  to: string;
  /** After the last card of the target column. */
  position: number;
};

/**
 * A board move: a PATCH of the card's column field and position against the version on screen. The card
 * moves at once in the cached board; a refused move (stale version, or an error) puts it back.
 */
export function useMoveCard<B extends Board>(
  table: B["table"],
  field: B["field"],
  boardKey: QueryKey,
  messages: { successMessage: string; errorMessage: string },
) {
  const queryClient = useQueryClient();
  type Answer = RowsAnswer<B["card"]>;
  return useMutation({
    mutationFn: ({ card, to, position }: CardMove<B>) =>
      updateRow(table, {
        id: card.id,
        version: card.updated_at,
        // The column field takes the board's column keys, which the board gets from the contract's enum.
        changes: { [field]: to, position } as never,
      }),
    onMutate: async ({ card, to, position }) => {
      await queryClient.cancelQueries({ queryKey: boardKey });
      const previous = queryClient.getQueryData<Answer>(boardKey);
      if (previous) {
        queryClient.setQueryData<Answer>(boardKey, {
          ...previous,
          rows: previous.rows.map((row) => (row.id === card.id ? { ...row, [field]: to, position } : row)),
        });
      }
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(boardKey, context.previous);
    },
    // The answer carries the new version: a second move of the same card must send it.
    onSuccess: (saved) => {
      queryClient.setQueryData<Answer>(boardKey, (board) =>
        board ? { ...board, rows: board.rows.map((row) => (row.id === saved.id ? saved : row)) } : board,
      );
    },
    meta: { ...messages, invalidates: CRM_WRITE_INVALIDATES },
  });
}

/** The position after the last card of a column (cards keep their order within a column). */
export function nextPosition<T extends { position: number }>(cards: readonly T[]): number {
  return cards.reduce((max, card) => Math.max(max, card.position), -1) + 1;
}

/** Cards in their column order (a card moved at once, before the board is read again, goes last). */
export function inColumnOrder<T extends { position: number }>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => a.position - b.position);
}
