// /docs: Swagger UI on the API's OpenAPI document (the page's data-openapi).  A file of
// its own, since the site's CSP allows no inline script.
"use strict";
window.addEventListener("DOMContentLoaded", function () {
  window.ui = SwaggerUIBundle({
    url: document.body.dataset.openapi,
    dom_id: "#swagger-ui",
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    deepLinking: true,
    showExtensions: true,
  });
});
