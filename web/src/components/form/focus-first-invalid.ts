/**
 * Moves focus to the form's first invalid control in reading order once its errors have rendered
 * (react-hook-form publishes them after the submit handlers are done, hence the task).
 */
export function focusFirstInvalidSoon(form: { current: HTMLFormElement | null }) {
  setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
