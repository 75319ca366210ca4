//===- RewriteAction.h - Preprocess one input and write its rewrite -------===//
//
// A preprocessor-only action with the plugin's pragma handler: every site the
// main file holds is rewritten, and the file is written with only those
// ranges replaced; or, for a project, every user file's sites, handed to the
// project's mirror tree (ProjectOutput.h). Only the preprocessor runs, so code
// that clang cannot type-check (CUDA written for nvcc) is rewritten as long as
// it preprocesses.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_TOOLS_REWRITEACTION_H
#define AUTOTUNE_TOOLS_REWRITEACTION_H

#include "clang/Frontend/FrontendAction.h"

#include <string>
#include <vector>

namespace autotune {

class ProjectOutput;

class RewriteAction : public clang::PreprocessorFrontendAction {
public:
  /// OutPath: the file to write, '-' for stdout. CodeOptions: the options
  /// of the compile command that change the code but not the preprocessing
  /// (nvcc's '-arch', ...), for the sites' fingerprints.
  RewriteAction(std::string OutPath, std::vector<std::string> CodeOptions)
      : OutPath(std::move(OutPath)), CodeOptions(std::move(CodeOptions)) {}
  /// The same for one input of a project: what it read goes to Project.
  RewriteAction(ProjectOutput &Project, std::string Input,
                std::vector<std::string> CodeOptions)
      : OutPath(std::move(Input)), CodeOptions(std::move(CodeOptions)),
        Project(&Project) {}

protected:
  bool BeginInvocation(clang::CompilerInstance &CI) override;
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override;
  void ExecuteAction() override;

private:
  std::string OutPath; // the input's name, for a project
  std::vector<std::string> CodeOptions;
  ProjectOutput *Project = nullptr;
};

} // namespace autotune

#endif // AUTOTUNE_TOOLS_REWRITEACTION_H
