import { HONEYPOT_FIELD } from "@app/contracts";

type HoneypotFieldProps = { value: string; onChange: (value: string) => void };

/**
 * A field people never see or reach by keyboard, but form-filling bots do; the server rejects any
 * submission where it is filled. Positioned off-screen rather than display:none, which some bots skip.
 */
export function HoneypotField({ value, onChange }: HoneypotFieldProps) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
      <label>
        Website
        <input
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
