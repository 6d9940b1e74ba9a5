// The export benchmark's downloader (bench/export.ts), in a process of its own as autocannon is in
// bench:api: a doctor's browser reads the file on its own machine, so the reading must not share the
// server's event loop or count in the server's CPU. Plain JavaScript: forked with no loader.
import http from 'node:http';

process.on('message', ({ url, token }) => {
  const request = http.get(url, { headers: { satoken: token } }, (response) => {
    if (response.statusCode !== 200) {
      response.resume();
      process.send({ error: `export answered ${response.statusCode}` });
      return;
    }
    let bytes = 0;
    response.on('data', (chunk) => {
      bytes += chunk.length;
    });
    response.on('end', () => process.send({ bytes }));
    response.on('error', (error) => process.send({ error: error.message }));
  });
  request.on('error', (error) => process.send({ error: error.message }));
});
