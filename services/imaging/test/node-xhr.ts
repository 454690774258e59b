/**
 * The part of XMLHttpRequest that dicomweb-client uses, on Node's fetch: the client is written for
 * browsers, and these tests drive it against a real listening server.
 */
export class NodeXhr {
  readyState = 0;
  status = 0;
  responseType: '' | 'json' | 'arraybuffer' | 'text' = '';
  response: unknown = null;
  withCredentials = false;
  onreadystatechange: (() => void) | null = null;
  onloadstart: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  onprogress: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private responseHeaders = new Headers();

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name);
  }

  getAllResponseHeaders(): string {
    return [...this.responseHeaders.entries()].map(([k, v]) => `${k}: ${v}`).join('\r\n');
  }

  send(data?: ArrayBuffer | Uint8Array | string): void {
    void fetch(this.url, { method: this.method, headers: this.headers, body: data as BodyInit | undefined })
      .then(async (res) => {
        this.status = res.status;
        this.responseHeaders = res.headers;
        const bytes = await res.arrayBuffer();
        const text = () => Buffer.from(bytes).toString('utf8');
        this.response =
          this.responseType === 'arraybuffer'
            ? bytes
            : this.responseType === 'json'
              ? bytes.byteLength
                ? JSON.parse(text())
                : null
              : text();
      })
      .catch(() => {
        this.status = 0;
      })
      .finally(() => {
        this.readyState = 4;
        this.onreadystatechange?.();
        this.onloadend?.();
      });
  }
}
