import { Readable } from 'node:stream';

/**
 * Reads a request's body bytes before Fastify parses them (for a signature or proof that covers the
 * bytes as sent) and gives back a stream that replays them to the parser. Past `bodyLimit` it stops
 * holding bytes and replays one byte more than the limit, so the parser answers 413 as for any request.
 */
export async function bufferBody(
  payload: AsyncIterable<unknown>,
  bodyLimit: number,
): Promise<{ body: Buffer; replay: Readable }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > bodyLimit) break;
    chunks.push(b);
  }
  const body = Buffer.concat(chunks);
  const replay = Readable.from(size > bodyLimit ? [body, Buffer.alloc(1)] : [body]) as Readable & {
    receivedEncodedLength?: number;
  };
  replay.receivedEncodedLength = size;
  return { body, replay };
}
