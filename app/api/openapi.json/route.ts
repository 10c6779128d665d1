import { buildOpenApiDocument } from "@/app/api/_contract/openapi";
import { json } from "@/app/api/_contract/respond";

/** GET /api/openapi.json: the API's OpenAPI 3.1 document (see buildOpenApiDocument). */
export function GET() {
  return json(buildOpenApiDocument());
}
