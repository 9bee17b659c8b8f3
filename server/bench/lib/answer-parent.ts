/**
 * A bench child's result: to the suite that started it (sent once the child has cleaned up, so the parent
 * may stop it as soon as it has the answer), or printed when the child is run alone.
 */
export function answerParent(result: unknown) {
  if (process.send) {
    process.send(result);
    process.disconnect();
  } else console.log(JSON.stringify(result, null, 2));
}
