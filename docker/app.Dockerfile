# The api and the worker: one image, two commands (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The workspaces' manifests (libs/*), so npm ci links @listinglens/* to them as the lockfile records.
COPY libs/contracts/package.json libs/contracts/
COPY libs/engine/package.json libs/engine/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build --projects=backend,frontend && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/var/lib/listinglens
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# node_modules/@listinglens/* link to the libraries: their manifests and builds (each package's main is its dist/).
COPY --from=build /app/libs/contracts/package.json ./libs/contracts/
COPY --from=build /app/libs/contracts/dist ./libs/contracts/dist
COPY --from=build /app/libs/engine/package.json ./libs/engine/
COPY --from=build /app/libs/engine/dist ./libs/engine/dist
RUN mkdir -p /var/lib/listinglens && chown node:node /var/lib/listinglens
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/backend/main.js"]
