/**
 * The spec's upload flow with JavaScript (spec 02 §7 "Documents"): `POST api/core/transfers/{id}/documents
 * {fileName, category}` answers `{id, uploadUrl}`; the file goes by PUT to `uploadUrl` (our signed route, 201, or
 * a presigned S3 URL, 200, after which `…/uploaded` tells the server). Progress is reported as it goes. Any refusal
 * resolves as `refused`, and the page then sends the same form the way it goes without JavaScript, so the
 * server's own form reply shows the exact errors in the one way every form shows them.
 */

export type PutUploadResult = { outcome: "stored"; id: string } | { outcome: "refused" };

export async function uploadByPut(
  transferId: string,
  file: File,
  category: string,
  onProgress: (fraction: number) => void,
): Promise<PutUploadResult> {
  const base = `/api/core/transfers/${encodeURIComponent(transferId)}/documents`;
  const created = await fetch(base, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ fileName: file.name, category }),
  });
  if (created.status !== 201) return { outcome: "refused" };
  const { id, uploadUrl } = (await created.json()) as { id: string; uploadUrl: string };
  const status = await new Promise<number>((resolve) => {
    const request = new XMLHttpRequest();
    request.open("PUT", uploadUrl);
    request.setRequestHeader("Content-Type", "application/pdf");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve(request.status);
    request.onerror = () => resolve(0);
    request.send(file);
  });
  if (status === 201) return { outcome: "stored", id };
  if (status === 200) {
    // A presigned S3 PUT: the server learns of the file from us (or, failing that, from its own sweep).
    await fetch(`${base}/${encodeURIComponent(id)}/uploaded`, { method: "POST" }).catch(() => undefined);
    return { outcome: "stored", id };
  }
  return { outcome: "refused" };
}
