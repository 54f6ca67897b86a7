import { createWebpackConfig } from '../webpack.config.base';

// One exposed module per page this remote owns (see @app/shared's page registry).
export default createWebpackConfig({
  name: 'remoteAuth',
  dir: __dirname,
  devPort: 3003,
  exposes: {
    './Login': './src/pages/login/login-page.tsx',
    './ForgotPassword': './src/pages/forgot-password/forgot-password-page.tsx',
  },
});
