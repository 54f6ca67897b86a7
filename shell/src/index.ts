// The async boundary: shared modules (React, @app/shared, …) are negotiated before any app code runs.
import('./bootstrap');
