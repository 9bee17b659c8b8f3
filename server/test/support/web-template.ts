/** A web build's index.html as the server's page tests need it: a title, a description and an empty root. */
export const WEB_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="The build's description." />
    <title>The build's title</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
