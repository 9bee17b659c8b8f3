import { ArrowRightLeft } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";

export type BoardColumn<K extends string> = { key: K; label: string };

type KanbanBoardProps<K extends string, T extends { id: string }> = {
  /** What the cards are, plural ("deals"): each column's list is named "Won deals". */
  cardNoun: string;
  columns: readonly BoardColumn<K>[];
  cards: readonly T[];
  columnOf(card: T): K;
  cardTitle(card: T): string;
  /** The card's body under its title. */
  renderCard(card: T): ReactNode;
  /** Extra header lines of a column (its SEK total). */
  renderSummary?(key: K, cards: T[]): ReactNode;
  /** A column with no cards says so (or nothing, when the board is filtered). */
  emptyColumnText?: string;
  onOpen(card: T): void;
  onMove(card: T, to: K): void;
};

/**
 * A board of columns. Cards move by drag and drop (pointer) and by each card's "Move to…" menu
 * (keyboard and screen readers); every move is announced, and a card moved from its menu keeps focus.
 */
export function KanbanBoard<K extends string, T extends { id: string }>(props: KanbanBoardProps<K, T>) {
  const { cardNoun, columns, cards, columnOf, cardTitle, renderCard, renderSummary, emptyColumnText } = props;
  const [dragging, setDragging] = useState<T | null>(null);
  const [dropTarget, setDropTarget] = useState<K | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // The card moved from its menu: its menu button takes focus again once it renders in its new column.
  const [focusCard, setFocusCard] = useState<{ id: string; column: K } | null>(null);

  const move = (card: T, to: K, { keepFocus }: { keepFocus: boolean }) => {
    if (columnOf(card) === to) return;
    const target = columns.find((column) => column.key === to)?.label ?? to;
    setAnnouncement(`${cardTitle(card)} moved to ${target}.`);
    if (keepFocus) setFocusCard({ id: card.id, column: to });
    props.onMove(card, to);
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      {columns.map((column) => {
        const columnCards = cards.filter((card) => columnOf(card) === column.key);
        const headingId = `board-column-${column.key}`;
        const isTarget = dropTarget === column.key && dragging !== null && columnOf(dragging) !== column.key;
        return (
          <section
            key={column.key}
            aria-labelledby={headingId}
            onDragOver={(event) => {
              if (!dragging) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = "move";
              setDropTarget(column.key);
            }}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget(null);
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging) move(dragging, column.key, { keepFocus: false });
              setDragging(null);
              setDropTarget(null);
            }}
          >
            <Card
              className={cn(
                "flex min-h-48 flex-col gap-3 p-3 transition-colors",
                isTarget && "border-primary bg-accent/40",
              )}
            >
              <div className="grid gap-1">
                <h2 id={headingId} className="flex items-center justify-between gap-2 font-semibold">
                  {column.label}
                  <span className="rounded-full bg-muted px-2 text-sm text-muted-foreground">
                    <span className="sr-only">Count: </span>
                    {columnCards.length}
                  </span>
                </h2>
                {renderSummary?.(column.key, columnCards)}
              </div>
              {columnCards.length === 0 ? (
                emptyColumnText ? (
                  <p className="text-sm text-muted-foreground">{emptyColumnText}</p>
                ) : null
              ) : (
                <ul className="grid gap-2" aria-label={`${column.label} ${cardNoun}`}>
                  {columnCards.map((card) => (
                    <BoardCard
                      key={card.id}
                      title={cardTitle(card)}
                      columns={columns.filter((other) => other.key !== column.key)}
                      isDragging={dragging?.id === card.id}
                      shouldFocus={focusCard?.id === card.id && focusCard.column === column.key}
                      onFocused={() => setFocusCard(null)}
                      onDragStart={() => setDragging(card)}
                      onDragEnd={() => {
                        setDragging(null);
                        setDropTarget(null);
                      }}
                      onOpen={() => props.onOpen(card)}
                      onMove={(to) => move(card, to, { keepFocus: true })}
                    >
                      {renderCard(card)}
                    </BoardCard>
                  ))}
                </ul>
              )}
            </Card>
          </section>
        );
      })}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

type BoardCardProps<K extends string> = {
  title: string;
  /** The columns it can move to. */
  columns: BoardColumn<K>[];
  isDragging: boolean;
  shouldFocus: boolean;
  onFocused(): void;
  onDragStart(): void;
  onDragEnd(): void;
  onOpen(): void;
  onMove(to: K): void;
  children: ReactNode;
};

function BoardCard<K extends string>(props: BoardCardProps<K>) {
  const { title, columns, isDragging, shouldFocus, onFocused } = props;
  const menuButton = useRef<HTMLButtonElement>(null);
  const hasMoved = useRef(false);

  useEffect(() => {
    if (!shouldFocus) return;
    menuButton.current?.focus();
    onFocused();
  }, [shouldFocus, onFocused]);

  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", title);
        props.onDragStart();
      }}
      onDragEnd={props.onDragEnd}
      className={cn(
        "grid cursor-grab gap-2 rounded-md border bg-background p-2 text-sm active:cursor-grabbing",
        isDragging && "opacity-50",
      )}
    >
      <button
        type="button"
        onClick={props.onOpen}
        className="text-left font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {title}
      </button>
      {props.children}
      {/* Not modal: a modal menu hides the rest of the board from assistive technology while it stays focusable. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={menuButton}
            variant="ghost"
            size="sm"
            className="justify-self-start px-2"
            aria-label={`Move to… (${title})`}
          >
            <ArrowRightLeft aria-hidden="true" />
            Move to…
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          onCloseAutoFocus={(event) => {
            // After a move the card re-renders in its new column and its menu button there takes focus.
            if (hasMoved.current) event.preventDefault();
            hasMoved.current = false;
          }}
        >
          <DropdownMenuLabel>Move to</DropdownMenuLabel>
          {columns.map((column) => (
            <DropdownMenuItem
              key={column.key}
              onSelect={() => {
                hasMoved.current = true;
                props.onMove(column.key);
              }}
            >
              {column.label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
