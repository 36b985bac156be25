// Test support only: throwaway certificate authorities and certificates made with the openssl CLI.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function opensslVersion(): string | undefined {
  try {
    return execFileSync("openssl", ["version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}

export interface TlsMaterial {
  /** PEM of the CA that issued the server and client certificates. */
  ca: Buffer;
  serverKey: Buffer;
  serverCert: Buffer;
  clientKey: Buffer;
  clientCert: Buffer;
  clientP12: Buffer;
}

export interface TlsFixture {
  dir: string;
  trusted: TlsMaterial;
  /** Everything issued by a second, unrelated CA. */
  foreign: TlsMaterial;
  passphrase: string;
  cleanup(): void;
}

const EC = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];

function issue(dir: string, prefix: string, passphrase: string): TlsMaterial {
  const run = (...args: string[]) =>
    execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  const file = (name: string) => `${prefix}-${name}`;
  run(
    "req",
    "-x509",
    ...EC,
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.crt"),
    "-days",
    "2",
    "-subj",
    `/CN=${prefix} throwaway root CA`,
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  );
  writeFileSync(
    join(dir, file("server.ext")),
    "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\nextendedKeyUsage=serverAuth\n",
  );
  writeFileSync(join(dir, file("client.ext")), "extendedKeyUsage=clientAuth\n");
  for (const role of ["server", "client"]) {
    run(
      "req",
      ...EC,
      "-keyout",
      file(`${role}.key`),
      "-out",
      file(`${role}.csr`),
      "-subj",
      role === "server" ? "/CN=localhost" : `/CN=${prefix} relying party`,
    );
    run(
      "x509",
      "-req",
      "-in",
      file(`${role}.csr`),
      "-CA",
      file("ca.crt"),
      "-CAkey",
      file("ca.key"),
      "-CAcreateserial",
      "-out",
      file(`${role}.crt`),
      "-days",
      "2",
      "-extfile",
      file(`${role}.ext`),
    );
  }
  run(
    "pkcs12",
    "-export",
    "-inkey",
    file("client.key"),
    "-in",
    file("client.crt"),
    "-out",
    file("client.p12"),
    "-passout",
    `pass:${passphrase}`,
  );
  const read = (name: string) => readFileSync(join(dir, file(name)));
  return {
    ca: read("ca.crt"),
    serverKey: read("server.key"),
    serverCert: read("server.crt"),
    clientKey: read("client.key"),
    clientCert: read("client.crt"),
    clientP12: read("client.p12"),
  };
}

export function createTlsFixture(passphrase = "qwerty123"): TlsFixture {
  const dir = mkdtempSync(join(tmpdir(), "bankid-tls-"));
  try {
    return {
      dir,
      trusted: issue(dir, "trusted", passphrase),
      foreign: issue(dir, "foreign", passphrase),
      passphrase,
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
