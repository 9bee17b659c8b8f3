/** Why a small form was refused (or what it still needs), announced as an alert; nothing when all is well. */
export function FormProblem({ problem, id }: { problem: string | null | undefined; id?: string }) {
  if (!problem) return null;
  return (
    <p id={id} role="alert" className="text-sm text-error-text">
      {problem}
    </p>
  );
}
