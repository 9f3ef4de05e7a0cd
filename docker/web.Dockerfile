# The static React client behind nginx, which also forwards /api to the api service.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The workspaces' manifests (libs/*), so npm ci links @listinglens/* to them as the lockfile records.
COPY libs/contracts/package.json libs/contracts/
COPY libs/engine/package.json libs/engine/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx nx run frontend:build

FROM nginx:1.27-alpine
# The image renders /etc/nginx/templates/*.template into conf.d at start; only POSTHOG_HOST is substituted (empty:
# the pages reach no analytics host), so nginx's own $variables stay as written.
ENV POSTHOG_HOST="" NGINX_ENVSUBST_FILTER="^POSTHOG_HOST$"
COPY docker/nginx/default.conf.template /etc/nginx/templates/default.conf.template
COPY docker/nginx/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY --from=build /app/dist/frontend /usr/share/nginx/html
EXPOSE 80
