import { vi } from "vitest";

type Sent = { url: string; headers: Record<string, string>; body: FormData };

/**
 * jsdom's XMLHttpRequest goes nowhere: a stand-in that records the request, reports the upload's
 * progress, then answers, as the browser does for a multipart upload. Each upload is answered once
 * `until` settles, so the progress shown meanwhile can be seen.
 */
export function stubUpload(status: number, answer: unknown, until: Promise<void> = Promise.resolve()) {
  const sent: Sent[] = [];
  class FakeUpload {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null = null;
  }
  class FakeXhr {
    upload = new FakeUpload();
    status = 0;
    responseText = "";
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = "";
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body });
      this.upload.onprogress?.({ loaded: 40, total: 100, lengthComputable: true });
      void until.then(() => {
        this.status = status;
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}
