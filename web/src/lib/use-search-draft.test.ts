import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SEARCH_DELAY_MS, useSearchDraft } from "@/lib/use-search-draft";

describe("useSearchDraft", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("commits once typing pauses", () => {
    const onCommit = vi.fn();
    const { result } = renderHook(() => useSearchDraft("", onCommit));
    act(() => result.current[1]("no"));
    act(() => result.current[1]("nova"));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith("nova");
  });

  it("commits at once on flush and never again later (no late jump back after leaving the box)", () => {
    const onCommit = vi.fn();
    const { result } = renderHook(() => useSearchDraft("", onCommit));
    act(() => result.current[1]("nova"));
    act(() => result.current[2]());
    expect(onCommit).toHaveBeenCalledExactlyOnceWith("nova");
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 4));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});
