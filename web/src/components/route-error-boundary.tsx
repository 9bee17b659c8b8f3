import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

type Props = {
  children: ReactNode;
  /** "page" owns the whole screen (its own <main>); "section" sits inside a layout that already has one. */
  variant?: "page" | "section";
};
type State = { hasError: boolean };

/** Catches render errors and failed chunk loads (e.g. after a deploy replaced the files). */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    const Wrapper = this.props.variant === "section" ? "div" : "main";
    return (
      <Wrapper className="grid min-h-[50dvh] place-items-center px-4 text-center">
        <div role="alert" className="grid gap-4">
          <h1 className="text-3xl font-bold">Something went wrong</h1>
          <p className="text-muted-foreground">
            Please reload the page. If it keeps happening, try again later.
          </p>
          <div>
            <Button onClick={() => window.location.reload()}>Reload page</Button>
          </div>
        </div>
      </Wrapper>
    );
  }
}
