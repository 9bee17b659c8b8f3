/**
 * The password for `users create` when --password is absent (which would leave it in the shell history
 * and in the process list): typed at a prompt that does not echo it, or the first line of piped input.
 */
export async function readPassword(
  stdin: NodeJS.ReadStream = process.stdin,
  prompt: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  if (stdin.isTTY) {
    const password = await promptHidden(stdin, prompt, "Password: ");
    const again = await promptHidden(stdin, prompt, "Password (again): ");
    if (password !== again) throw new Error("the two passwords differ");
    if (password) return password;
  } else {
    const line = await firstLine(stdin);
    if (line) return line;
  }
  throw new Error(
    "no password: pass --password, type it at the prompt, or pipe it on standard input (first line)",
  );
}

/** Reads up to the first newline or the end of input; ends at once when the input is empty. */
async function firstLine(stdin: NodeJS.ReadStream): Promise<string> {
  let text = "";
  stdin.setEncoding("utf8");
  for await (const chunk of stdin) {
    text += chunk as string;
    const end = text.indexOf("\n");
    if (end >= 0) {
      text = text.slice(0, end);
      break;
    }
  }
  return text.replace(/\r$/, "");
}

/** A prompt in raw mode: keys are read one by one and never echoed. */
function promptHidden(stdin: NodeJS.ReadStream, prompt: NodeJS.WriteStream, question: string) {
  prompt.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise<string>((resolve, reject) => {
    let value = "";
    const finish = (outcome: () => void) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      prompt.write("\n");
      outcome();
    };
    function onData(chunk: string) {
      for (const key of chunk) {
        if (key === "\r" || key === "\n" || key === "\u0004") return finish(() => resolve(value));
        if (key === "\u0003") return finish(() => reject(new Error("cancelled")));
        if (key === "\u007f" || key === "\b") value = [...value].slice(0, -1).join("");
        else if (key >= " ") value += key;
      }
    }
    stdin.on("data", onData);
  });
}
