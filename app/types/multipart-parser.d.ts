// The package ships types its "exports" map does not expose; this is the part we use (its streaming parser).
declare module "@web3-storage/multipart-parser" {
  export interface StreamedPart {
    name: string;
    filename?: string;
    contentType?: string;
    data: AsyncIterable<Uint8Array>;
  }
  export function streamMultipart(
    body: ReadableStream<Uint8Array>,
    boundary: string,
  ): AsyncGenerator<StreamedPart>;
}
