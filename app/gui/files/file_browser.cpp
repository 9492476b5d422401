// The folder view under a dialog's path field.
#include "gui/files/file_browser.hpp"

#include <imgui.h>

#include <algorithm>
#include <system_error>

#include "core/shown_text.hpp"

namespace app::gui {

FileBrowser::Listing list_folder(const std::filesystem::path& folder, std::size_t limit) {
    FileBrowser::Listing listing;
    listing.folder = folder;
    std::error_code ec;
    std::filesystem::directory_iterator it(folder, std::filesystem::directory_options::skip_permission_denied,
                                           ec);
    if (ec) {
        listing.error = "cannot read " + shown(folder.string()) + ": " + ec.message();
        return listing;
    }
    for (const auto end = std::filesystem::directory_iterator(); it != end; it.increment(ec)) {
        if (ec) break;
        if (listing.entries.size() >= limit) {
            listing.truncated = true;
            break;
        }
        std::error_code type_error;
        const bool folder_entry = it->is_directory(type_error);  // follows links, like a shell's cd
        listing.entries.push_back({it->path().filename().string(), folder_entry});
    }
    std::sort(listing.entries.begin(), listing.entries.end(), [](const auto& a, const auto& b) {
        if (a.folder != b.folder) return a.folder;
        return a.name < b.name;
    });
    return listing;
}

std::filesystem::path FileBrowser::folder_of(const std::string& path) {
    std::error_code ec;
    const std::filesystem::path typed =
        path.empty() ? std::filesystem::path(".") : std::filesystem::path(path);
    const auto absolute = std::filesystem::absolute(typed, ec);
    if (ec) return std::filesystem::current_path(ec);
    // A path ending in "/" or naming an existing folder is the folder itself. Only a stat of
    // the one typed path runs here; the listing runs on the task.
    if (path.ends_with('/') || std::filesystem::is_directory(absolute, ec))
        return absolute.lexically_normal();
    return absolute.parent_path().lexically_normal();
}

void FileBrowser::list(const std::filesystem::path& folder) {
    shown_folder_ = folder;
    // Replacing a task waits for the one it replaces: a listing is bounded by entry_limit.
    reading_ = std::make_unique<BackgroundTask<Listing>>(
        [folder](const TaskControl&) { return list_folder(folder, entry_limit); }, nullptr);
}

FileBrowser::Pick FileBrowser::draw(std::string& path, const std::vector<std::string>& extensions,
                                    const std::string& report_prefix, float height) {
    Pick pick = Pick::none;
    if (path != typed_ || shown_folder_.empty()) {
        typed_        = path;
        typed_folder_ = folder_of(path);
    }
    const std::filesystem::path folder = typed_folder_;
    if (folder != shown_folder_) list(folder);
    if (reading_) {
        if (auto outcome = reading_->take()) {
            listing_ =
                outcome->result ? std::move(*outcome->result) : Listing{folder, {}, false, outcome->error};
            reading_.reset();
        }
    }

    ImGui::TextDisabled("%s", escaped(folder.string(), 90).c_str());
    const bool reading = reading_ != nullptr;
    if (ImGui::BeginListBox(("##" + report_prefix + "_browser").c_str(), ImVec2(-1, height))) {
        const auto go_to = [&](const std::filesystem::path& target) { path = (target / "").string(); };
        if (folder.has_parent_path() && folder != folder.root_path()) {
            if (ImGui::Selectable("../")) go_to(folder.parent_path());
            report_item(report_prefix + "_up");
        }
        if (reading)
            ImGui::TextDisabled("reading ...");
        else if (!listing_.error.empty())
            ImGui::TextDisabled("%s", listing_.error.c_str());
        else {
            for (const Entry& entry : listing_.entries) {
                const std::filesystem::path full = listing_.folder / entry.name;
                if (!entry.folder && !all_files_ && !extensions.empty()) {
                    const std::string extension = full.extension().string();
                    if (std::find(extensions.begin(), extensions.end(), extension) == extensions.end())
                        continue;
                }
                const std::string label = escaped(entry.name, 80) + (entry.folder ? "/" : "");
                const bool selected     = !entry.folder && path == full.string();
                if (ImGui::Selectable(label.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick)) {
                    if (entry.folder) {
                        go_to(full);
                    } else {
                        path = full.string();
                        pick = ImGui::IsMouseDoubleClicked(0) ? Pick::confirmed : Pick::chosen;
                    }
                }
                report_item(report_prefix + "=" + entry.name + (entry.folder ? "/" : ""));
            }
            if (listing_.truncated) ImGui::TextDisabled("(only the first %zu entries)", entry_limit);
        }
        ImGui::EndListBox();
    }
    if (!extensions.empty()) {
        std::string filter;
        for (const auto& extension : extensions) filter += (filter.empty() ? "" : " ") + extension;
        ImGui::Checkbox(("All files (not only " + filter + ")##" + report_prefix).c_str(), &all_files_);
        report_item(report_prefix + "_all_files");
    }
    return pick;
}

}  // namespace app::gui
